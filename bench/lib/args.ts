/** A benchmark's flag from argv (`--name value`), or undefined when it is not given. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}
