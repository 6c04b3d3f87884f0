import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app-types';
import type { Adapters } from '../platform/adapters';
import type { Metrics } from '../platform/metrics/metrics';
import type { JobDefinition } from '../platform/queue/queue';
import type { Recurrence } from '../platform/queue/recurring';

/**
 * The token checks a route puts in front of its handlers (preHandlers that set `request.user`). Declared here,
 * with the rest of what routes are given, and built by identity (`identity-auth.ts`), so that the frame every
 * module plugs into imports no module.
 */
export interface Auth {
  /** preHandler: a valid bearer token and, for the main API, the api-key header. Sets request.user. */
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** preHandler for the second API client: a valid bearer token, no api-key. */
  requireBearer: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** preHandler for the clipping service: basic auth with the configured service account. */
  requireClipping: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** What a module's routes are given: the adapters, the token checks, and what the process knows of itself. */
export interface ModuleContext {
  adapters: Adapters;
  auth: Auth;
  /** Folder of the built web portal, when this process serves it. */
  webDist?: string;
  /** Whether this process's worker is polling (always true for an API-only process). */
  workerReady: () => boolean;
  /** This process's metrics, when it serves them. */
  metrics?: Metrics;
  /**
   * Services this process depends on but can serve without (Janus): a module registers a probe by name,
   * and /healthz reports `degraded` while one fails.
   */
  dependencies: Map<string, () => Promise<boolean>>;
}

/**
 * The one shape of a server module, exported from `<name>.module.ts`. `routes` imports its route files
 * dynamically, so that a worker process, which only asks for `jobs`, never loads the HTTP side.
 */
export interface ServerModule {
  name: string;
  routes?: (app: App, ctx: ModuleContext) => Promise<void>;
  jobs?: (adapters: Adapters) => JobDefinition[];
  /** The module's jobs that run once per time slot; their handlers are among `jobs`. */
  recurring?: Recurrence[];
}
