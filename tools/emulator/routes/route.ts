// What a management-API route declares: method, path (":id" marks a parameter), scope, body format, handler.
import type { IncomingHttpHeaders } from "node:http";
import type { ApiResult, BodyFormat } from "../http";
import type { EmulatorState } from "../state";

export interface RouteContext {
  state: EmulatorState;
  /** "http://127.0.0.1:<port>" */
  baseUrl: string;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed body (null when empty); undefined for routes that take none. */
  body: unknown;
}

export interface Route {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Relative to /api/v2. */
  path: string;
  scope: string;
  body?: BodyFormat;
  handle(context: RouteContext): ApiResult;
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

interface CompiledRoute {
  route: Route;
  segments: string[];
}

/** Matches "/api/v2/..." paths against the route table; segment-wise, so ids never span a "/". */
export class Router {
  private readonly compiled: CompiledRoute[];

  constructor(routes: readonly Route[]) {
    this.compiled = routes.map((route) => ({ route, segments: `/api/v2${route.path}`.split("/") }));
  }

  match(method: string, path: string): RouteMatch | undefined {
    const segments = path.split("/");
    for (const { route, segments: pattern } of this.compiled) {
      if (route.method !== method || pattern.length !== segments.length) continue;
      const params: Record<string, string> = {};
      let matched = true;
      for (let i = 0; i < pattern.length && matched; i++) {
        if (pattern[i].startsWith(":")) {
          const value = safeDecode(segments[i]);
          if (value === undefined || value === "") matched = false;
          else params[pattern[i].slice(1)] = value;
        } else if (pattern[i] !== segments[i]) {
          matched = false;
        }
      }
      if (matched) return { route, params };
    }
    return undefined;
  }
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
