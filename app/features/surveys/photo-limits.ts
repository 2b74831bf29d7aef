/** Longest side of a stored photo, in the browser's downscaling and on the server. */
export const MAX_PHOTO_SIDE = 2560;
