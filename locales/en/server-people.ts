import type {
  address as zhAddress,
  employee as zhEmployee,
  peopleProblems as zhProblems,
} from '../zh/server-people';

export const employee: typeof zhEmployee = {
  created: 'Employee created; they must change the password at first login',
  updated: 'Changes confirmed',
  unchanged: 'Nothing to save',
  reverted: 'The last change was undone',
  notFound: 'The employee does not exist',
  usernameTaken: 'The username {{username}} is already taken; choose another',
  idTaken: 'The employee ID {{id}} already exists',
  unknownRole: 'Role {{code}} does not exist',
  companyRequired: 'Agent staff need their company (ExtCompanyID_SDK)',
  companyNotAllowed: "The vendor's staff cannot belong to an agent company (ExtCompanyID_SDK)",
  unknownCompany: 'The company does not exist (ExtCompanyID_SDK)',
  provinceRequired: 'This role sees data by province; a province is required (ProvinceCode)',
  cityRequired: 'This role sees data by city; a city is required (CityCode)',
  passwordWeak: 'The initial password needs at least 8 characters with both letters and digits',
  staleVersion: 'Someone else has changed this employee; reload and try again',
  versionRequired: 'The version is missing (Version or ModifiedOn); reload and try again',
  nothingToUndo: 'There is no change to undo',
  lastAdmin: 'The last enabled system administrator cannot be disabled or given another role',
  passwordReset: 'Password reset; the employee must change it at the next login',
  resetBeyondRole: 'You may reset the password only of accounts whose role can do no more than yours',
  resetOwn: 'Your own password cannot be reset here; change it in your profile',
  resetAdmin: 'Only account administrators may reset a system administrator’s password',
  resetLastAdmin: 'The password of the last enabled system administrator cannot be reset',
};

export const address: typeof zhAddress = {
  created: 'Address saved',
  notFound: 'The address does not exist or is outside your scope',
  unknownCustomer: 'The customer does not exist or is outside your scope',
  changeForbidden: "You may not change this customer's addresses",
};

export const peopleProblems: typeof zhProblems = {
  region: 'does not exist or is not within the region above it',
  notWritable: 'cannot be changed',
};
