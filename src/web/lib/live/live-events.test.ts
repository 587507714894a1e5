import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { incidentKeys } from '../incidents';
import { monitorKeys } from '../monitors';
import { applyLiveEvent, resyncAfterSubscribe } from './live-events';

describe('live events and incidents', () => {
  it('a monitor status change marks cached incident lists and details stale', () => {
    const client = new QueryClient();
    const list = incidentKeys.list('all', {});
    client.setQueryData(list, { incidents: [], nextCursor: null });
    client.setQueryData(incidentKeys.detail('i-1'), { id: 'i-1' });
    applyLiveEvent(client, { type: 'monitor.down', monitorId: 'm-1', at: 1, from: 'up', to: 'down' });
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
    expect(client.getQueryState(incidentKeys.detail('i-1'))?.isInvalidated).toBe(true);
  });

  it('a check result alone leaves incidents alone', () => {
    const client = new QueryClient();
    const list = incidentKeys.list('all', {});
    client.setQueryData(list, { incidents: [], nextCursor: null });
    applyLiveEvent(client, {
      type: 'check.result',
      monitorId: 'm-1',
      at: 1,
      status: 'up',
      statusCode: 200,
      latencyMs: 10,
      failure: null,
      region: 'eu',
    });
    expect(client.getQueryState(list)?.isInvalidated).toBe(false);
  });

  it('subscribing marks cached monitors and incidents stale, so an event sent before it is not lost', () => {
    const client = new QueryClient();
    const list = monitorKeys.list({});
    client.setQueryData(list, { monitors: [], nextCursor: null });
    client.setQueryData(monitorKeys.summary(), { total: 1 });
    client.setQueryData(incidentKeys.detail('i-1'), { id: 'i-1' });
    resyncAfterSubscribe(client);
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
    expect(client.getQueryState(monitorKeys.summary())?.isInvalidated).toBe(true);
    expect(client.getQueryState(incidentKeys.detail('i-1'))?.isInvalidated).toBe(true);
  });

  it('fetches again a list whose fetch was in flight when a status change arrived, so its older answer cannot undo it', async () => {
    const client = new QueryClient();
    const list = monitorKeys.list({});
    let answers = 0;
    let release: (value: unknown) => void = () => {};
    // The list on screen, being fetched again (the resync on `ready`).
    const page = { pages: [{ monitors: [], nextCursor: null }], pageParams: [undefined] };
    client.setQueryData(list, page);
    const observer = new QueryObserver(client, {
      queryKey: list,
      queryFn: () => {
        answers += 1;
        return new Promise((resolve) => {
          release = resolve;
        });
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    expect(answers).toBe(1);
    applyLiveEvent(client, { type: 'monitor.up', monitorId: 'm-1', at: 1, from: 'pending', to: 'up' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answers).toBe(2);
    release(page);
    unsubscribe();
  });

  it("fetches again a monitor's page whose fetch was in flight when its first status arrived, and shows the status", async () => {
    const client = new QueryClient();
    const detail = monitorKeys.detail('m-1');
    const answers: ((value: unknown) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: detail,
      queryFn: () => new Promise((resolve) => answers.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => {});
    expect(answers).toHaveLength(1);
    applyLiveEvent(client, { type: 'monitor.up', monitorId: 'm-1', at: 1, from: 'pending', to: 'up' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answers).toHaveLength(2);
    // The first answer, read before the check, is dropped; the second is what the page shows.
    answers[0]?.({ id: 'm-1', status: 'pending' });
    answers[1]?.({ id: 'm-1', status: 'up' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(client.getQueryData(detail)).toEqual({ id: 'm-1', status: 'up' });
    unsubscribe();
  });

  it("leaves a monitor's page that is not being fetched to the event's own patch", () => {
    const client = new QueryClient();
    const detail = monitorKeys.detail('m-1');
    client.setQueryData(detail, { id: 'm-1', status: 'pending', paused: false });
    applyLiveEvent(client, { type: 'monitor.up', monitorId: 'm-1', at: 5, from: 'pending', to: 'up' });
    expect(client.getQueryState(detail)?.isInvalidated).toBe(false);
  });
});
