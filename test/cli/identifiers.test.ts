// The one rule that turns Pulumi names into TypeScript identifiers (provider/cli/identifiers.ts), case by case.
import { describe, expect, it } from "vitest";
import { IdentifierTable, identifierOf, wordsOf } from "../../provider/cli/identifiers";

describe("identifierOf", () => {
  it("camel-cases the name's words and the kind's word", () => {
    expect(identifierOf("audit-log", "Stream")).toBe("auditLogStream");
    expect(identifierOf("User Events v2", "Stream")).toBe("userEventsV2Stream");
    expect(identifierOf("push-notification", "Factor")).toBe("pushNotificationFactor");
    expect(identifierOf("otp_verify", "Template")).toBe("otpVerifyTemplate");
    expect(identifierOf("phone-provider")).toBe("phoneProvider");
    expect(identifierOf("APIEvents", "Stream")).toBe("apieventsStream");
  });

  it("takes accents off and drops what is not a letter or digit", () => {
    expect(wordsOf("café — crème/brûlée")).toEqual(["cafe", "creme", "brulee"]);
    expect(identifierOf("été", "Stream")).toBe("eteStream");
    expect(identifierOf("日本", "Stream")).toBe("stream");
    expect(identifierOf("!!!")).toBe("resource");
  });

  it("puts _ before a leading digit and after a reserved word or a name the file binds", () => {
    expect(identifierOf("2fa", "Stream")).toBe("_2faStream");
    expect(identifierOf("2fa")).toBe("_2fa");
    expect(identifierOf("delete")).toBe("delete_");
    expect(identifierOf("Class")).toBe("class_");
    expect(identifierOf("await")).toBe("await_");
    expect(identifierOf("tenant")).toBe("tenant_");
    expect(identifierOf("pulumi")).toBe("pulumi_");
    expect(identifierOf("delete", "Stream")).toBe("deleteStream");
  });
});

describe("IdentifierTable", () => {
  it("numbers a clash from 2, within a kind (\"a b\" and \"a-b\") and across kinds", () => {
    const table = new IdentifierTable();
    expect(table.claim(identifierOf("a b", "Stream"))).toBe("aBStream");
    expect(table.claim(identifierOf("a-b", "Stream"))).toBe("aBStream2");
    expect(table.claim(identifierOf("a.b", "Stream"))).toBe("aBStream3");
    expect(table.claim(identifierOf("sms-factor"))).toBe("smsFactor");
    expect(table.claim(identifierOf("sms", "Factor"))).toBe("smsFactor2");
  });
});
