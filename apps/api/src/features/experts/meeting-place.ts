/**
 * Where a meeting takes place (docs/decisions/062): a Jitsi Meet room of its own, which needs no account on
 * either side. The room name carries 122 random bits made by the database with the meeting
 * (`meeting_requests.video_room`), so nobody finds a meeting's call by guessing.
 */
export const VIDEO_BASE_URL = 'https://meet.jit.si';

export const videoUrlOf = (row: { videoRoom: string }) => `${VIDEO_BASE_URL}/Liftoff-${row.videoRoom}`;
