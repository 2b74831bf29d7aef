import net from "node:net";

import type { AppServer } from "./app-server";

const BOUNDARY = "----electrify-abort";

/**
 * Sends the headers and part of a photo upload that announces 100 000 bytes,
 * then disconnects. `field` names the file part (by default the photo the
 * survey requires; "photo" is one it does not take, which the reader skips).
 */
export function abortedUpload(
  server: Pick<AppServer, "url">,
  cookie: string,
  { field = "photo_proposed_charging_area", bytes = 30_000 }: { field?: string; bytes?: number } = {},
): Promise<void> {
  const url = new URL(server.url);
  const partial = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="depotName"\r\n\r\nYard\r\n`),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="area.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    Buffer.alloc(bytes, 0xff),
  ]);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(
        [
          "POST /surveys HTTP/1.1",
          `Host: ${url.host}`,
          `Origin: ${server.url}`,
          `Cookie: ${cookie}`,
          "Accept: application/json",
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
          "Content-Length: 100000",
          "",
          "",
        ].join("\r\n"),
      );
      socket.write(partial, () => {
        // Long enough for the server to have started reading the body and writing the photo.
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 150);
      });
    });
    socket.on("error", reject);
  });
}
