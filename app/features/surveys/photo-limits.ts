/** Longest side of a stored photo, in the browser's downscaling and on the server. */
export const MAX_PHOTO_SIDE = 2560;

/**
 * The most pixels a photo may have before it is decoded. A phone's photo is
 * 12-50 megapixels (and is downscaled in the browser before upload); a file
 * claiming more, e.g. a 3 MB progressive JPEG of 16000 x 16000, would make
 * the decoder hold gigabytes.
 */
export const MAX_INPUT_MEGAPIXELS = 50;
