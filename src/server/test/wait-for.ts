// For tests of real processes: polls a condition every 200 ms until it holds, bounded in time.
export async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not reached within ${timeoutMs} ms`);
}
