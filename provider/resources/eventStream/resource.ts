/**
 * Program side of EventStream (type token `pulumi-nodejs:dynamic/tenant:EventStream`). The class and its types
 * are generated from definition.ts (see provider/build/generateTypes.ts); this module keeps their place in dist/.
 */
export { EventStream, type EventStreamArgs } from "./resource.generated";
