import { getData } from '../../api/request.ts';

// The matter workflow calls the step editor makes (dw-matter matWfVersion / matWfElement).

const A = '/api/dw-matter';

export type VersionStep = {
  userTaskId: string;
  name: string;
  elementId: string | null;
  transactorNames: string | null;
  /** Required parts still missing (field names, or `transactor`). */
  missing: string[];
  configured: boolean;
};

export type GatewayFlow = {
  id: string;
  name: string | null;
  target: string | null;
  targetName: string | null;
  modelCondition: string | null;
  conditionId: string | null;
  elementId: string | null;
  condition: string | null;
};

export type VersionGateway = { id: string; name: string; type: string; defaultFlow: string | null; flows: GatewayFlow[] };

export type VersionElements = { steps: VersionStep[]; gateways: VersionGateway[] };

export type Procdef = { id: string; key: string; name: string | null; version: number; xml: string };

export const versionElements = (versionId: string) => getData<VersionElements>(`${A}/matWfElement/getVersionElements`, { versionId });

export const procdefOfVersion = (versionId: string) => getData<Procdef | null>(`${A}/matWfVersion/getProcdefByVersionId`, { versionId });
