/**
 * The serialized providers. Pulumi stores each object's source text in state (`__provider`) and the
 * host re-evaluates it, so each method only requires the real handler by package name and delegates:
 * nothing is captured, no secret or library code is serialized, and handler upgrades also reach
 * refresh and destroy of existing resources.
 *
 * FROZEN: any edit here (even formatting) changes `__provider` for every existing resource. Plain old
 * syntax on purpose: function expressions, no arrows, no `this`, no relative requires.
 */
import type { ResourceProvider } from "@pulumi/pulumi/dynamic";

export const pushProviderSelectionShim: ResourceProvider = {
  configure: function (req) { return require("pulumi-tenant/dist/resources/pushProviderSelection/handler").configure(req); },
  check: function (olds, news) { return require("pulumi-tenant/dist/resources/pushProviderSelection/handler").check(olds, news); },
  diff: function (id, olds, news) { return require("pulumi-tenant/dist/resources/pushProviderSelection/handler").diff(id, olds, news); },
  create: function (inputs) { return require("pulumi-tenant/dist/resources/pushProviderSelection/handler").create(inputs); },
  read: function (id, props) { return require("pulumi-tenant/dist/resources/pushProviderSelection/handler").read(id, props); },
  update: function (id, olds, news) { return require("pulumi-tenant/dist/resources/pushProviderSelection/handler").update(id, olds, news); },
  delete: function (id, props) { return require("pulumi-tenant/dist/resources/pushProviderSelection/handler").delete(id, props); },
};

export const phoneProviderShim: ResourceProvider = {
  configure: function (req) { return require("pulumi-tenant/dist/resources/phoneProvider/handler").configure(req); },
  check: function (olds, news) { return require("pulumi-tenant/dist/resources/phoneProvider/handler").check(olds, news); },
  diff: function (id, olds, news) { return require("pulumi-tenant/dist/resources/phoneProvider/handler").diff(id, olds, news); },
  create: function (inputs) { return require("pulumi-tenant/dist/resources/phoneProvider/handler").create(inputs); },
  read: function (id, props) { return require("pulumi-tenant/dist/resources/phoneProvider/handler").read(id, props); },
  update: function (id, olds, news) { return require("pulumi-tenant/dist/resources/phoneProvider/handler").update(id, olds, news); },
  delete: function (id, props) { return require("pulumi-tenant/dist/resources/phoneProvider/handler").delete(id, props); },
};

export const enrollmentTicketShim: ResourceProvider = {
  configure: function (req) { return require("pulumi-tenant/dist/resources/enrollmentTicket/handler").configure(req); },
  check: function (olds, news) { return require("pulumi-tenant/dist/resources/enrollmentTicket/handler").check(olds, news); },
  diff: function (id, olds, news) { return require("pulumi-tenant/dist/resources/enrollmentTicket/handler").diff(id, olds, news); },
  create: function (inputs) { return require("pulumi-tenant/dist/resources/enrollmentTicket/handler").create(inputs); },
  read: function (id, props) { return require("pulumi-tenant/dist/resources/enrollmentTicket/handler").read(id, props); },
  update: function (id, olds, news) { return require("pulumi-tenant/dist/resources/enrollmentTicket/handler").update(id, olds, news); },
  delete: function (id, props) { return require("pulumi-tenant/dist/resources/enrollmentTicket/handler").delete(id, props); },
};
