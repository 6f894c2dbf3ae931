// Stub: replaced by the channel home page.
export { ChannelHomeRoute } from './placeholders';
