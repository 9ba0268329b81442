// Route and page tests call handlers directly; their getStore() must answer with the store the test opened (one per
// backend, db/test-stores.ts). In the test file:
//   import { storeUnderTest as store } from "@/db/store-under-test";
//   vi.mock("@/db/client", async (original) =>
//     (await import("@/db/store-under-test")).mockClient(await original<typeof import("@/db/client")>()));
// then set `store.h` in beforeAll and clear it in afterAll.
import type * as Client from "@/db/client";
import type { DbHandle } from "@/db/client";

export const storeUnderTest: { h: DbHandle | null } = { h: null };

export function mockClient(original: typeof Client): typeof Client {
  return {
    ...original,
    getStore: async () => {
      if (!storeUnderTest.h) throw new Error("no store under test");
      return storeUnderTest.h;
    },
  };
}
