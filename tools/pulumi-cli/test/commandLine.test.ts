// How `npm run pulumi -- <args>` reads a command line: the CLI's own flags may come before the command, their values
// never taken for it, so a Node.js project named with -C/--cwd still gets its language host (--client).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { commandOf, needsNodejsClient } from "../pulumi";

const project = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-command-line-"));
fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: elsewhere\nruntime: nodejs\n");
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

describe("the command of a command line", () => {
  it.each([
    [["preview"], "preview"],
    [["-C", "../x", "preview"], "preview"],
    [["--cwd", "../x", "up", "--yes"], "up"],
    [["--cwd=../x", "destroy"], "destroy"],
    [["-v", "3", "--color", "never", "--non-interactive", "refresh"], "refresh"],
    [["--logtostderr", "stack", "ls"], "stack"],
    // Not a flag of the CLI itself: as `pulumi --stack dev preview`, which the CLI refuses ("unknown flag"), so does this.
    [["--stack", "dev", "preview"], "dev"],
    [["--version"], undefined],
  ])("%j runs %s", (args, command) => {
    expect(commandOf(args)).toBe(command);
  });

  it("a Node.js project named before the command gets the language host; from its own folder too", () => {
    const elsewhere = os.tmpdir();
    for (const args of [["-C", project, "preview"], ["--cwd", project, "up"], [`--cwd=${project}`, "refresh"]]) {
      expect(needsNodejsClient(args, elsewhere), args.join(" ")).toBe(true);
    }
    expect(needsNodejsClient(["preview"], project)).toBe(true);
    expect(needsNodejsClient(["-C", project, "stack", "ls"], elsewhere)).toBe(false);
  });
});
