/** The shared API client: the only thing in the package that opens sockets. */
export { TenantClient, getClient, type RequestOptions, type ClientStats } from "./client";
export { DEFAULT_CLIENT_OPTIONS, PACKAGE_VERSION, type ClientOptions } from "./options";
export {
  ApiError,
  AmbiguousRequestError,
  ConfigError,
  NetworkError,
  ResponseShapeError,
  isNotFound,
  type ShapeIssue,
} from "./errors";
export type { HttpMethod } from "./retry";
