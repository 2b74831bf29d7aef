/** Where chargers reach the FTP server (ftp-server.server.ts sets it), read by whoever asks for an upload. */
let address: { host: string; port: number } | null = null;

/** Where chargers reach the FTP server, while this process or another holds it; null when FTP is off. */
export function ftpAddress(): { host: string; port: number } | null {
  return address;
}

export function setFtpAddress(value: { host: string; port: number } | null): void {
  address = value;
}
