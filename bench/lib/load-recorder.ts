/** One HTTP exchange of a simulated user: its route (template), time taken, status (0: no answer), end time. */
export interface Sample {
  route: string;
  ms: number;
  status: number;
  at: number;
}

export interface RouteFigures {
  route: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers that were no answer or a 5xx, or a 4xx the simulated user did not expect. */
  errors: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Every sample of a run, and the user-visible failures (what still failed after the portal's retries). */
export class Recorder {
  readonly samples: Sample[] = [];
  readonly errors: (Sample & { detail: string })[] = [];
  /** What a user saw fail after every retry, by action. */
  readonly failures: { action: string; at: number; detail: string }[] = [];

  record(route: string, started: number, status: number, error: string | null): void {
    const at = Date.now();
    const sample = { route, ms: at - started, status, at };
    this.samples.push(sample);
    if (error !== null) this.errors.push({ ...sample, detail: error });
  }

  fail(action: string, detail: string): void {
    this.failures.push({ action, at: Date.now(), detail });
  }

  /** Per route, between two instants (the measured window, without the warm-up). */
  figures(from = 0, to = Infinity): RouteFigures[] {
    const byRoute = new Map<string, number[]>();
    for (const s of this.samples) {
      if (s.at < from || s.at > to) continue;
      const list = byRoute.get(s.route) ?? [];
      list.push(s.ms);
      byRoute.set(s.route, list);
    }
    return [...byRoute]
      .map(([route, ms]) => {
        ms.sort((a, b) => a - b);
        return {
          route,
          requests: ms.length,
          p50: round1(quantile(ms, 0.5)),
          p95: round1(quantile(ms, 0.95)),
          p99: round1(quantile(ms, 0.99)),
          errors: this.errors.filter((e) => e.route === route && e.at >= from && e.at <= to).length,
        };
      })
      .sort((a, b) => a.route.localeCompare(b.route));
  }
}
