/** Refusals of a record's file list (server/files/owner-access.ts). */
export const fileOwner = {
  notFound: '附件所属的数据不存在或无权查看',
  readOnly: '没有修改该数据的权限，不能增删它的附件',
  forgedAttachment: '只能是本系统上传的附件',
};
