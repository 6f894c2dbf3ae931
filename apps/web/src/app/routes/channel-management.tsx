// Stub: replaced by the channel management page.
export { ChannelManagementRoute } from './placeholders';
