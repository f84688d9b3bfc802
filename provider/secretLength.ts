/**
 * The shortest secret the package takes: the client finds a secret in service text by its characters, and a shorter
 * one would match ordinary words. Below both the client (which redacts by it) and the resources (whose check refuses
 * a shorter secret input). Connection settings are not held to it: the service decides their length.
 */
export const MIN_SECRET_LENGTH = 4;
