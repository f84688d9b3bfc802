import { ensureSelfLink } from "../../tools/stacks/selfLink";

export default function setup(): void {
  ensureSelfLink();
}
