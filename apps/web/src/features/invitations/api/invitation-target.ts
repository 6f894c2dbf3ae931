/** An invitation the signed-in person can answer: a role invite or an ownership transfer. */
export type InvitationKind = 'INVITE' | 'TRANSFER';
export type InvitationTarget = { kind: InvitationKind; id: number };
