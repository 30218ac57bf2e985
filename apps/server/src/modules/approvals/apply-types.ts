/** The approved request an applier acts on: its id and maker go into the audit row beside the checker. */
export type ApprovalRef = { id: number; makerId: number };
