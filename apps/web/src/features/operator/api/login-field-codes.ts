/** Refusals about the account login typed into an operator form. */
export const loginFieldCodes: ReadonlySet<string> = new Set(['ACCOUNT_NOT_FOUND', 'ALREADY_INVITED', 'OWNER_INVITE_PENDING', 'CHANNEL_HAS_OWNER', 'VALIDATION_FAILED']);
