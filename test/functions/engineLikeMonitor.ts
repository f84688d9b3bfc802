// Pulumi's mock monitor behind a stand-in that is not the mocks: resources register as under
// `setMocks`, yet getEventStreams sees what a program under the engine sees and calls the API.
import * as pulumi from "@pulumi/pulumi";

export async function useEngineLikeMonitor(mocks: pulumi.runtime.Mocks, project: string, stack: string, preview: boolean): Promise<void> {
  await pulumi.runtime.setMocks(mocks, project, stack, preview);
  const mockMonitor = pulumi.runtime.getMonitor() as object;
  const engineLike = new Proxy(
    {},
    {
      get: (_target, key) => {
        const value: unknown = Reflect.get(mockMonitor, key);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(mockMonitor) : value;
      },
    },
  );
  pulumi.runtime.setMockOptions(engineLike, project, stack, preview);
}
