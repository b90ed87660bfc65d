// Shapes of what the API answers, shared by the server that builds them and the web app that reads them.

/** A page of a list (BladeX `IPage`): `size=-1` asks for all rows, which the server caps. */
export type PageData<T> = {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** Set when `total` is the planner's estimate of a very large list, not a count. */
  approximate?: boolean;
};

/** The generic tree node (`tree`, `lazy-tree` and the grant trees): ids as strings, children omitted when empty. */
export type TreeNode = {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  /** The node's level, for trees that keep one (`tree.levelField`: regions). */
  level?: number;
  children?: TreeNode[];
};
