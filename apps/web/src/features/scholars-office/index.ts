// What other features may use of scholars-office.
export {
  filledOfficeGroups,
  officeFieldGroupsOf,
  officeFieldText,
  type TOfficeField,
  type TOfficeFieldGroup,
} from './components/office-data-fields';
