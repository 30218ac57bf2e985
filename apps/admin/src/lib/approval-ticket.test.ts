import { describe, expect, it } from 'vitest';
import { isApprovalTicket, ticketText } from './approval-ticket';

describe('four-eyes tickets', () => {
  it('tells a waiting request from an applied change', () => {
    expect(isApprovalTicket({ approval_id: 4, status: 'pending_approval', kind: 'user.adjust' })).toBe(true);
    expect(isApprovalTicket({ id: 4, status: 'approved' })).toBe(false);
    expect(isApprovalTicket(null)).toBe(false);
    expect(isApprovalTicket('pending_approval')).toBe(false);
  });

  it('names the request and says nothing changed yet', () => {
    const text = ticketText({ approval_id: 12, status: 'pending_approval', kind: 'user.adjust' }, 'The adjustment');
    expect(text).toBe(
      'The adjustment is waiting for a second operator (request #12 under Pending approvals); nothing has changed yet.',
    );
  });
});
