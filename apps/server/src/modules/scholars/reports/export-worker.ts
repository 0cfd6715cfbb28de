import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { CHUNKS_IN_FLIGHT, writeExportWorkbook, type TExportWorkerInput, type TExportWorkerMessage } from './export-sheet.js';

/*
 * The export worker (a thread of its own, started by scholar-export.ts): reads the export's select
 * through a server-side cursor on a connection of its own, in the same kind of tenant transaction as
 * the server's (TDatabase.tenant: the row-level-security role, the institution set), writes the
 * workbook, and hands its compressed bytes to the server's thread, a few chunks ahead at most.
 */
const input = workerData as TExportWorkerInput;
const port = parentPort!;
const send = (m: TExportWorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

let credit = CHUNKS_IN_FLIGHT;
let waiting: (() => void) | null = null;
port.on('message', () => {
  credit++;
  const next = waiting;
  waiting = null;
  next?.();
});

/** The workbook's bytes, to the server's thread; waits while it has CHUNKS_IN_FLIGHT not yet taken. */
const toServer = new Writable({
  write(chunk: Buffer, _encoding, done) {
    const post = () => {
      credit--;
      const bytes = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength) as ArrayBuffer;
      send({ type: 'chunk', bytes }, [bytes]);
      done();
    };
    if (credit > 0) post();
    else waiting = post;
  },
});

const client = new pg.Client({ connectionString: input.connectionString });
client.on('error', () => {});
await client.connect();
try {
  await client.query('begin');
  await client.query('set local role meridian_app');
  await client.query("select set_config('app.institution_id', $1, true)", [input.institutionId]);
  await client.query(`declare scholar_export no scroll cursor for ${input.sql}`, input.params);
  const rows = await writeExportWorkbook(
    input.kind,
    async () => (await client.query<Record<string, unknown>>(`fetch ${input.batch} from scholar_export`)).rows,
    toServer,
    (done) => send({ type: 'progress', done }),
  );
  await client.query('commit');
  send({ type: 'done', rows });
} finally {
  await client.end().catch(() => {});
}
