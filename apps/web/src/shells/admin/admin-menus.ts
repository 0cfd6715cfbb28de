import LoginOutlined from '@mui/icons-material/LoginOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import CookieOutlined from '@mui/icons-material/CookieOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import BusinessCenterOutlined from '@mui/icons-material/BusinessCenterOutlined';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import CompareArrowsOutlined from '@mui/icons-material/CompareArrowsOutlined';
import SettingsEthernetOutlined from '@mui/icons-material/SettingsEthernetOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import ScheduleSendOutlined from '@mui/icons-material/ScheduleSendOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import LocationCityOutlined from '@mui/icons-material/LocationCityOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import { can } from '@meridian/domain';
import type { TMenuEntry } from '../common/menu';

/**
 * Scholar admin menu. Only entries whose pages exist are listed; later work adds
 * Batching, RTI and the rest of Configuration. Scholar HR Updates shows only while scholarSisUpdatesFlag is on
 * (docs/product/scholar-hr-updates.md#the-switch).
 * Work queues come first; Configuration holds only what configures (docs/product/shells.md#scholar-admin-menu).
 */
export const SCHOLAR_ADMIN_MENU: TMenuEntry[] = [
  {
    key: 'dashboard',
    label: 'Dashboard',
    path: '/admin/dashboard',
    icon: DashboardOutlined,
    isVisible: ({ actor }) => can(actor, 'scholars.read'),
  },
  {
    key: 'requests',
    label: 'Requests',
    path: '/admin/requests',
    icon: InboxOutlined,
    isVisible: ({ actor }) => can(actor, 'requests.process'),
  },
  {
    key: 'analytics',
    label: 'Analytics',
    path: '/admin/scholar-reports',
    icon: InsightsOutlined,
    isVisible: ({ actor }) => can(actor, 'scholars.read'),
  },
  {
    key: 'scholar-hr-updates',
    label: 'Scholar HR Updates',
    path: '/admin/scholar-SIS-requests',
    icon: CloudSyncOutlined,
    isVisible: ({ actor, branding }) => can(actor, 'scholars.hr-updates') && branding.scholarSisUpdatesFlag,
  },
  {
    key: 'configuration',
    label: 'Configuration',
    icon: SettingsOutlined,
    children: [
      {
        key: 'form-management',
        label: 'Form Management',
        path: '/admin/form-management',
        icon: AssignmentOutlined,
        isVisible: ({ actor }) => can(actor, 'forms.read'),
      },
      {
        key: 'question-document-configuration',
        label: 'Question and Document Manager',
        path: '/admin/question-document-configuration',
        icon: RuleOutlined,
        isVisible: ({ actor }) => can(actor, 'forms.read'),
      },
      {
        key: 'approval-workflows',
        label: 'Approval Workflows',
        path: '/admin/approval-workflows',
        icon: AccountTreeOutlined,
        isVisible: ({ actor }) => can(actor, 'workflows.manage'),
      },
      {
        key: 'scholar-templates',
        label: 'Templates for H-1B and O-1',
        path: '/admin/scholar-templates',
        icon: DescriptionOutlined,
        isVisible: ({ actor }) => can(actor, 'scholars.configure'),
      },
      {
        key: 'staff-management',
        label: 'Staff Management',
        path: '/admin/staff-management',
        icon: GroupOutlined,
        isVisible: ({ actor }) => can(actor, 'people.staff.read'),
      },
      {
        key: 'site-settings',
        label: 'Site Settings',
        path: '/admin/site-settings',
        icon: PaletteOutlined,
        isVisible: ({ actor }) => can(actor, 'institutions.settings.update'),
      },
      {
        key: 'single-sign-on',
        label: 'Single Sign-On',
        path: '/admin/single-sign-on',
        icon: LoginOutlined,
        isVisible: ({ actor }) => can(actor, 'institutions.settings.update'),
      },
      {
        key: 'campus-web-sign-in',
        label: 'Campus Web Sign-In',
        path: '/admin/campus-web-sign-in',
        icon: CookieOutlined,
        isVisible: ({ actor }) => can(actor, 'institutions.settings.update'),
      },
      {
        key: 'integration-settings',
        label: 'Integration Settings',
        path: '/admin/integration-settings',
        icon: VpnKeyOutlined,
        isVisible: ({ actor }) => can(actor, 'auth.integration-tokens.manage'),
      },
      {
        key: 'email-templates',
        label: 'Email Templates',
        path: '/admin/email-templates',
        icon: ForwardToInboxOutlined,
        isVisible: ({ actor }) => can(actor, 'messages.templates.manage'),
      },
      {
        key: 'account-settings',
        label: 'Account Settings for H-1B and O-1',
        path: '/admin/account-settings',
        icon: ManageAccountsOutlined,
        isVisible: ({ actor }) => can(actor, 'scholars.configure'),
      },
      {
        key: 'lookups',
        label: 'Lookups',
        path: '/admin/lookups',
        icon: ListAltOutlined,
        isVisible: ({ actor }) => can(actor, 'lookups.manage'),
      },
      {
        key: 'logs',
        label: 'Logs',
        path: '/admin/logs',
        icon: ManageSearchOutlined,
        isVisible: ({ actor }) => can(actor, 'audit.logs.read'),
      },
    ],
  },
];

/**
 * Student admin menu. Entries carry `limitKey` so limitMenu/availableMenuItems can
 * hide them (Student List, Batch Manager, Student Request List, Actions, OPT Management,
 * Configuration as later work adds them).
 */
export const STUDENT_ADMIN_MENU: TMenuEntry[] = [
  // The area's home: what waits for the staff member (features/work).
  {
    key: 'my-work',
    label: 'My work',
    path: '/isss/my-work',
    icon: AssignmentIndOutlined,
    isVisible: ({ actor }) => can(actor, 'students.read'),
  },
  {
    key: 'student-list',
    label: 'Student List',
    path: '/isss/students-list',
    icon: SchoolOutlined,
    limitKey: 'student-list',
    isVisible: ({ actor }) => can(actor, 'students.read'),
  },
  { key: 'dashboard', label: 'Dashboard', path: '/isss/dashboard', icon: DashboardOutlined },
  {
    key: 'student-request-list',
    label: 'Student Request List',
    path: '/isss/students-request-list',
    icon: InboxOutlined,
    limitKey: 'student-request-list',
    isVisible: ({ actor }) => can(actor, 'requests.process'),
  },
  {
    key: 'actions',
    label: 'Actions',
    icon: BoltOutlined,
    limitKey: 'actions',
    children: [
      {
        key: 'student-create',
        label: 'New F-1 Student',
        path: '/isss/student/create',
        icon: PersonAddAlt1Outlined,
        isVisible: ({ actor }) => can(actor, 'students.manage'),
      },
      {
        key: 'create-j1',
        label: 'New Exchange Visitor (J-1)',
        path: '/isss/create-j1',
        icon: PersonAddAlt1Outlined,
        isVisible: ({ actor }) => can(actor, 'students.manage'),
      },
      {
        key: 'create-cohort-j1',
        label: 'New J-1 Cohort',
        path: '/isss/create-cohort-j1',
        icon: GroupsOutlined,
        isVisible: ({ actor }) => can(actor, 'students.manage'),
      },
      {
        key: 'newly-admitted-students',
        label: 'Newly Admitted Students',
        path: '/isss/newly-admitted-students',
        icon: GroupAddOutlined,
        isVisible: ({ actor }) => can(actor, 'students.read'),
      },
      {
        key: 'batch-upload-list',
        label: 'Batch Upload',
        path: '/isss/batch-upload-list',
        icon: UploadFileOutlined,
        isVisible: ({ actor }) => can(actor, 'students.import'),
      },
      {
        key: 'active-student-import-list',
        label: 'Active Student Import',
        path: '/isss/active-student-import-list',
        icon: CloudSyncOutlined,
        isVisible: ({ actor }) => can(actor, 'students.import.active'),
      },
      {
        key: 'sent-email',
        label: 'Sent Email',
        path: '/isss/sent-email',
        icon: MarkEmailReadOutlined,
        isVisible: ({ actor }) => can(actor, 'messages.sent.read'),
      },
      {
        key: 'email-communications',
        label: 'Email Communications',
        path: '/isss/email-communications',
        icon: ForwardToInboxOutlined,
        isVisible: ({ actor }) => can(actor, 'messages.mass.send'),
      },
      {
        key: 'integrated-user-tools',
        label: 'Integrated User Tool',
        path: '/isss/integrated-user-tools',
        icon: ManageAccountsOutlined,
        isVisible: ({ actor }) => can(actor, 'people.identity-links.manage'),
      },
    ],
  },
  {
    key: 'batch-manager',
    label: 'SEVIS',
    icon: SyncAltOutlined,
    limitKey: 'batch-manager',
    children: [
      {
        key: 'batch-manager-list',
        label: 'Batch Manager',
        path: '/isss/batch-manager',
        icon: Inventory2Outlined,
        isVisible: ({ actor }) => can(actor, 'sevis.read'),
      },
      {
        key: 'batch-sevis-registration',
        label: 'SEVIS Registration',
        path: '/isss/batch-sevis-registration',
        icon: HowToRegOutlined,
        isVisible: ({ actor }) => can(actor, 'sevis.batch'),
      },
      {
        key: 'sevis-validation',
        label: 'SEVIS Validation',
        path: '/isss/sevis-validation',
        icon: VerifiedOutlined,
        isVisible: ({ actor }) => can(actor, 'sevis.batch'),
      },
      {
        key: 'sevis-results',
        label: 'Transaction Logs',
        path: '/isss/sevis-results',
        icon: ReceiptLongOutlined,
        isVisible: ({ actor }) => can(actor, 'sevis.import'),
      },
      {
        key: 'system-errors',
        label: 'System Errors',
        path: '/isss/system-errors',
        icon: ErrorOutlineOutlined,
        isVisible: ({ actor }) => can(actor, 'sevis.read'),
      },
      {
        key: 'rti-import',
        label: 'RTI Import',
        path: '/isss/rti-import',
        icon: CompareArrowsOutlined,
        isVisible: ({ actor }) => can(actor, 'sevis.import'),
      },
    ],
  },
  {
    key: 'opt-management',
    label: 'OPT Management',
    icon: WorkOutlineOutlined,
    limitKey: 'opt-management',
    // OPT Management is part of the new student interface.
    isVisible: ({ actor, branding }) => can(actor, 'students.read') && branding.NewStudentUIEnabled === '1',
    children: [
      {
        key: 'opt-stem-students-and-employers',
        label: 'OPT Students & Employers',
        path: '/isss/opt-stem-students-and-employers',
        icon: BusinessCenterOutlined,
      },
      {
        key: 'stem-report-participation',
        label: 'STEM Report Participation',
        path: '/isss/stem-report-participation',
        icon: AssignmentTurnedInOutlined,
      },
    ],
  },
  {
    key: 'configuration',
    label: 'Configuration',
    icon: SettingsOutlined,
    limitKey: 'configuration',
    children: [
      {
        key: 'request-configuration',
        label: 'Request Configuration',
        path: '/isss/request-configuration',
        icon: TuneOutlined,
        isVisible: ({ actor }) => can(actor, 'requests.configure'),
      },
      {
        key: 'student-request-approval',
        label: 'Student Request Assignment',
        path: '/isss/student-request-approval',
        icon: AssignmentIndOutlined,
        isVisible: ({ actor }) => can(actor, 'requests.configure'),
      },
      {
        key: 'field-tag-configuration',
        label: 'Field and Tag Configuration',
        path: '/isss/field-tag-configuration',
        icon: LocalOfferOutlined,
        isVisible: ({ actor }) => can(actor, 'fields.configure') || can(actor, 'students.tags.manage'),
      },
      {
        key: 'welcome-wizard-configurations',
        label: 'Welcome Wizard',
        path: '/isss/welcome-wizard-configurations',
        icon: AutoStoriesOutlined,
        isVisible: ({ actor }) => can(actor, 'students.configure'),
      },
      {
        key: 'student-stage-configuartion',
        label: 'Stage Configuration',
        path: '/isss/student-stage-configuartion',
        icon: ChecklistOutlined,
        isVisible: ({ actor }) => can(actor, 'students.configure'),
      },
      {
        key: 'letter-template',
        label: 'Letter Templates',
        path: '/isss/letter-template',
        icon: HistoryEduOutlined,
        isVisible: ({ actor }) => can(actor, 'letters.generate'),
      },
      {
        key: 'campus-sites',
        label: 'Campus Sites',
        path: '/isss/campus-sites',
        icon: LocationCityOutlined,
        isVisible: ({ actor }) => can(actor, 'people.campus-sites.manage'),
      },
      {
        key: 'lookups',
        label: 'Lookups',
        path: '/isss/lookups',
        icon: ListAltOutlined,
        isVisible: ({ actor }) => can(actor, 'lookups.manage'),
      },
      {
        key: 'sevis-settings',
        label: 'SEVIS Settings',
        path: '/isss/sevis-settings',
        icon: SettingsEthernetOutlined,
        isVisible: ({ actor }) => can(actor, 'sevis.read'),
      },
      {
        key: 'sevis-permissions',
        label: 'SEVIS Permissions',
        path: '/isss/sevis-permissions',
        icon: AdminPanelSettingsOutlined,
        isVisible: ({ actor }) => can(actor, 'sevis.configure'),
      },
      {
        key: 'automated-email-config',
        label: 'Automated E-mail',
        path: '/isss/automated-email-config',
        icon: ScheduleSendOutlined,
        isVisible: ({ actor }) => can(actor, 'messages.automated.manage'),
      },
      {
        key: 'site-builder',
        label: 'Site Pages',
        path: '/isss/site-builder',
        icon: ArticleOutlined,
        isVisible: ({ actor }) => can(actor, 'content.pages.manage'),
      },
      {
        key: 'logs',
        label: 'Logs',
        path: '/isss/logs',
        icon: ManageSearchOutlined,
        isVisible: ({ actor }) => can(actor, 'audit.logs.read'),
      },
      {
        key: 'convert-from-legacy',
        label: 'Convert from Legacy',
        path: '/isss/convert-from-legacy',
        icon: DriveFileMoveOutlined,
        isVisible: ({ actor }) => can(actor, 'students.import') || can(actor, 'scholars.import'),
      },
    ],
  },
];
