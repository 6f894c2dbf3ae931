import { useQuery } from '@tanstack/react-query';
import type { ChannelManagementType } from '@studio/contract/enums';
import type { InviteDetail, TransferDetail } from '@studio/contract/member';
import { inviteQueryOptions } from './get-invite';
import { transferQueryOptions } from './get-transfer';
import type { InvitationTarget } from './invitation-target';

/** What both popups show: whose channel, which channel, which role is offered. */
export type InvitationView = {
  managementType: ChannelManagementType;
  personImageUrl: string | null;
  /** null: the channel has no current owner. */
  personName: string | null;
  channelName: string;
};

const fromInvite = (invite: InviteDetail): InvitationView => ({
  managementType: invite.channelManagementType,
  personImageUrl: invite.ownerProfileImageUrl,
  personName: invite.ownerProfileName,
  channelName: invite.channelName,
});

// A transfer always offers ownership, from the current (old) owner.
const fromTransfer = (transfer: TransferDetail): InvitationView => ({
  managementType: 'OWNER',
  personImageUrl: transfer.oldOwnerProfileImageUrl,
  personName: transfer.oldOwnerProfileName,
  channelName: transfer.channelName,
});

export function useInvitation(target: InvitationTarget) {
  const invite = useQuery({ ...inviteQueryOptions(target.id), enabled: target.kind === 'INVITE', select: fromInvite });
  const transfer = useQuery({ ...transferQueryOptions(target.id), enabled: target.kind === 'TRANSFER', select: fromTransfer });
  return target.kind === 'INVITE' ? invite : transfer;
}
