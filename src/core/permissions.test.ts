import { describe, expect, it } from 'vitest';
import { can, refusalMessage, roleNeeded } from './permissions.ts';

describe('workspace permissions', () => {
  it('lets each role do what the roles below it may, and more', () => {
    expect(can('viewer', 'read')).toBe(true);
    expect(can('viewer', 'write')).toBe(false);
    expect(can('member', 'write')).toBe(true);
    expect(can('member', 'manageMembers')).toBe(false);
    expect(can('admin', 'manageMembers')).toBe(true);
    expect(can('member', 'readOutbox')).toBe(false);
    expect(can('admin', 'readOutbox')).toBe(true);
    expect(can('admin', 'manageBilling')).toBe(false);
    expect(can('admin', 'manageWorkspace')).toBe(false);
    expect(can('owner', 'manageBilling')).toBe(true);
    expect(can('owner', 'manageWorkspace')).toBe(true);
  });

  it('names the role a refused action needs', () => {
    expect(roleNeeded('write')).toBe('member');
    expect(roleNeeded('manageMembers')).toBe('admin');
    expect(roleNeeded('manageBilling')).toBe('owner');
    expect(refusalMessage('write', 'viewer')).toBe(
      'Creating, changing or deleting things in this workspace needs the member role or higher; you are a viewer in this workspace.',
    );
    expect(refusalMessage('readOutbox', 'viewer')).toBe(
      "Reading this workspace's outbox needs the admin role or higher; you are a viewer in this workspace.",
    );
    expect(refusalMessage('manageBilling', 'admin')).toBe(
      "This workspace's billing needs the owner role; you are an admin in this workspace.",
    );
  });
});
