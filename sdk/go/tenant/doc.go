// Manage an identity service tenant's MFA push provider, phone provider, enrollment tickets and event streams.
package tenant
