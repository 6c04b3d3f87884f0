// An S3-compatible server (s3rver, the tests' helper) in a process of its own for the load and faults
// benchmarks, so that serving blobs does not share the load generator's event loop. Prints its port, then
// serves until SIGTERM, when it removes its folder.
//   node --import tsx bench/lib/s3rver-process.ts BUCKET
import { startTestS3Server } from '../../apps/server/src/test/s3-server';

const server = await startTestS3Server(process.argv[2] ?? 'forecourt-bench');
console.log(JSON.stringify({ port: Number(new URL(server.endpoint).port) }));
process.once('SIGTERM', () => void server.stop().finally(() => process.exit(0)));
