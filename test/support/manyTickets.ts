import { join } from "node:path";

/** The many-tickets fixture project (test/support/fixtures/manyTickets); its config key is `many-tickets:count`. */
export const MANY_TICKETS_PROJECT = join(__dirname, "fixtures", "manyTickets");
