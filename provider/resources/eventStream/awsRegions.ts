/**
 * The AWS regions the service creates an EventBridge destination's partner event source in: the enum of
 * `destination.configuration.aws_region` in its management API's OpenAPI description
 * (`EventStreamEventBridgeAWSRegionEnum`), as its official SDKs generated from it carry it (the Node.js SDK `auth0`
 * 7.1.0's `EventStreamEventBridgeAwsRegionEnum`, the .NET SDK's of the same name). Any other value is refused with a
 * 400 ("No enum match for …") — after a replacement has already deleted the old stream — so check refuses it first.
 */
export const EVENTBRIDGE_AWS_REGIONS = [
  "af-south-1",
  "ap-east-1",
  "ap-east-2",
  "ap-northeast-1",
  "ap-northeast-2",
  "ap-northeast-3",
  "ap-south-1",
  "ap-south-2",
  "ap-southeast-1",
  "ap-southeast-2",
  "ap-southeast-3",
  "ap-southeast-4",
  "ap-southeast-5",
  "ap-southeast-6",
  "ap-southeast-7",
  "ca-central-1",
  "ca-west-1",
  "eu-central-1",
  "eu-central-2",
  "eu-north-1",
  "eu-south-1",
  "eu-south-2",
  "eu-west-1",
  "eu-west-2",
  "eu-west-3",
  "il-central-1",
  "me-central-1",
  "me-south-1",
  "mx-central-1",
  "sa-east-1",
  "us-gov-east-1",
  "us-gov-west-1",
  "us-east-1",
  "us-east-2",
  "us-west-1",
  "us-west-2",
] as const;

const OFFERED = new Set<string>(EVENTBRIDGE_AWS_REGIONS);

export function isEventBridgeAwsRegion(value: string): boolean {
  return OFFERED.has(value);
}

export const NOT_AN_EVENTBRIDGE_REGION = `must be one of the AWS regions the service offers EventBridge destinations in: ${EVENTBRIDGE_AWS_REGIONS.map(
  (region) => JSON.stringify(region),
).join(", ")}`;
