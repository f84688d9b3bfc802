/** The shared API client: the only thing in the package that opens sockets. */
export { TenantClient, getClient, type RequestOptions } from "./client";
export type { ClientOptions } from "./options";
export type { SecretFieldNames } from "./secretFields";
export {
  ApiError,
  AmbiguousRequestError,
  ConfigError,
  NetworkError,
  RequestError,
  RequestNotSentError,
  ResponseShapeError,
  isNotFound,
  type ShapeIssue,
} from "./errors";
export { showNotice } from "./log";
export type { HttpMethod } from "./retry";
