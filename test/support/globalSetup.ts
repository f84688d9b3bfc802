import { ensureSelfLink } from "./selfLink";

export default function setup(): void {
  ensureSelfLink();
}
