// Run by heap-growth.test.ts as `node --trace-gc-verbose --import tsx heap-growth.fixture.ts PERCENT`: sets the
// heap growth, then allocates long-lived arrays until V8 has recomputed its old-generation limit a few times.
import { setHeapGrowth } from './heap-growth';

setHeapGrowth(Number(process.argv[2]));
const kept: object[][] = [];
let batch: object[] = [];
for (let i = 0; i < 6_000_000; i++) {
  batch.push({ i });
  if (batch.length > 300_000) {
    kept.push(batch);
    if (kept.length > 8) kept.shift();
    batch = [];
  }
}
console.log(`kept ${kept.length}`);
