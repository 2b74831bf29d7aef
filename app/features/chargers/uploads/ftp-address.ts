/** Where chargers reach the FTP server (ftp-server.server.ts sets it), read by whoever asks for an upload. */
export type FtpAddress = {
  host: string;
  port: number;
  /** Whether it takes AUTH TLS (explicit FTPS), with the certificate chargers are shown on the TLS listener. */
  secure: boolean;
};

let address: FtpAddress | null = null;

/** Where chargers reach the FTP server, while this process or another holds it; null when FTP is off. */
export function ftpAddress(): FtpAddress | null {
  return address;
}

export function setFtpAddress(value: FtpAddress | null): void {
  address = value;
}
