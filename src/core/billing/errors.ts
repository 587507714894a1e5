// A refusal the routes turn into BILLING.md's flat `{message, code}` with `status`.
export class BillingError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BillingError';
  }
}
