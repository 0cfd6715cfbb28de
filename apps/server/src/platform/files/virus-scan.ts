import net from 'node:net';

export type TScanResult = { isClean: true } | { isClean: false; signature: string };

/** Scans a file before it is stored. */
export interface TVirusScanner {
  scan(data: Buffer): Promise<TScanResult>;
}

/** Offices without a scanner: every file passes. */
export const noScanner: TVirusScanner = { scan: () => Promise.resolve({ isClean: true }) };

/** ClamAV's clamd over TCP (INSTREAM). Unreachable or confused scanners refuse the file (fail closed). */
export class ClamdScanner implements TVirusScanner {
  constructor(
    readonly host: string,
    readonly port = 3310,
    readonly timeoutMs = 30_000,
  ) {}

  scan(data: Buffer): Promise<TScanResult> {
    return new Promise((resolve, reject) => {
      const socket = net.createConnection({ host: this.host, port: this.port });
      const chunks: Buffer[] = [];
      socket.setTimeout(this.timeoutMs, () => socket.destroy(new Error('clamd timed out')));
      socket.on('error', reject);
      socket.on('data', (c) => chunks.push(c));
      socket.on('end', () => {
        const answer = Buffer.concat(chunks).toString('utf8').replace(/\0/g, '').trim();
        if (/:\s*OK$/.test(answer)) resolve({ isClean: true });
        else if (/FOUND$/.test(answer)) resolve({ isClean: false, signature: answer.replace(/^stream:\s*/, '').replace(/\s*FOUND$/, '') });
        else reject(new Error(`clamd: ${answer || 'no answer'}`));
      });
      socket.on('connect', () => {
        socket.write('zINSTREAM\0');
        for (let i = 0; i < data.length; i += 64 * 1024) {
          const part = data.subarray(i, i + 64 * 1024);
          const len = Buffer.alloc(4);
          len.writeUInt32BE(part.length);
          socket.write(len);
          socket.write(part);
        }
        socket.write(Buffer.alloc(4));
      });
    });
  }
}

let configured: TVirusScanner | null = null;

/** ClamAV when CLAMAV_HOST (and optionally CLAMAV_PORT) is set, else no scanner. */
export function virusScanner(env: NodeJS.ProcessEnv = process.env): TVirusScanner {
  if (!configured) configured = env.CLAMAV_HOST ? new ClamdScanner(env.CLAMAV_HOST, Number(env.CLAMAV_PORT ?? 3310)) : noScanner;
  return configured;
}

/** Tests replace the scanner. */
export function setVirusScanner(s: TVirusScanner | null): void {
  configured = s;
}
