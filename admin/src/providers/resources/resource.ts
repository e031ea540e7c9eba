import type {
  BaseRecord,
  CreateParams,
  CreateResponse,
  DeleteOneParams,
  DeleteOneResponse,
  GetListParams,
  GetListResponse,
  GetOneParams,
  GetOneResponse,
  UpdateParams,
  UpdateResponse,
} from "@refinedev/core"

/**
 * What one admin resource can do over /api/admin/* (providers/resources/<resource>.ts). A method
 * a resource leaves out is refused with a 405 by the data provider: the facade has no such call.
 */
export interface ResourceHandler {
  getList?: (params: GetListParams) => Promise<GetListResponse<BaseRecord>>
  getOne?: (params: GetOneParams) => Promise<GetOneResponse<BaseRecord>>
  create?: (params: CreateParams) => Promise<CreateResponse<BaseRecord>>
  update?: (params: UpdateParams) => Promise<UpdateResponse<BaseRecord>>
  deleteOne?: (params: DeleteOneParams) => Promise<DeleteOneResponse<BaseRecord>>
}
