/** Studio routes (under /studio) of a channel's live list and of its creation layer. */
export const liveListPath = (channelId: number) => `/channels/${channelId}/videos/lives`;
export const liveCreatePath = (channelId: number) => `/channels/${channelId}/videos/lives/create`;
