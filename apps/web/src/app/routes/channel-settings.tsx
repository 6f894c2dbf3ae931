// Stub: replaced by the channel settings (members) page.
export { ChannelHomeRoute as ChannelSettingsRoute } from './placeholders';
