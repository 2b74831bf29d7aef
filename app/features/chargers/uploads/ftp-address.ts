/** Where chargers reach the FTP server (ftp-server.server.ts sets it), read by whoever asks for an upload. */
export type FtpAddress = { host: string; port: number };

let address: FtpAddress | null = null;

/**
 * Where chargers reach the FTP server, while this process or another holds it; null when FTP is off. It always takes
 * AUTH TLS too (explicit FTPS, decision 075).
 */
export function ftpAddress(): FtpAddress | null {
  return address;
}

export function setFtpAddress(value: FtpAddress | null): void {
  address = value;
}
