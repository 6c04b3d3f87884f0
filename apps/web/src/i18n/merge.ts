type Tree = { [key: string]: string | Tree };

/** Deep-merges the per-feature files of one language into one resource tree. */
export function mergeTrees(trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [k, v] of Object.entries(tree)) {
      const existing = out[k];
      out[k] = typeof v === 'object' && typeof existing === 'object' ? mergeTrees([existing, v]) : v;
    }
  }
  return out;
}

export type { Tree };
