import type SvgIcon from '@mui/material/SvgIcon';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HomeIcon from '@mui/icons-material/Home';
import SettingsIcon from '@mui/icons-material/Settings';
import PersonIcon from '@mui/icons-material/Person';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import BadgeIcon from '@mui/icons-material/Badge';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import MenuIcon from '@mui/icons-material/Menu';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import TuneIcon from '@mui/icons-material/Tune';
import ApartmentIcon from '@mui/icons-material/Apartment';
import InventoryIcon from '@mui/icons-material/Inventory';
import AppsIcon from '@mui/icons-material/Apps';
import PublicIcon from '@mui/icons-material/Public';
import SecurityIcon from '@mui/icons-material/Security';
import GroupsIcon from '@mui/icons-material/Groups';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import ApiIcon from '@mui/icons-material/Api';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ArticleIcon from '@mui/icons-material/Article';
import HttpIcon from '@mui/icons-material/Http';
import BuildIcon from '@mui/icons-material/Build';
import CodeIcon from '@mui/icons-material/Code';
import SchemaIcon from '@mui/icons-material/Schema';
import StorageIcon from '@mui/icons-material/Storage';
import FolderIcon from '@mui/icons-material/Folder';
import CloudIcon from '@mui/icons-material/Cloud';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import SmsIcon from '@mui/icons-material/Sms';
import DescriptionIcon from '@mui/icons-material/Description';
import AssignmentIcon from '@mui/icons-material/Assignment';
import WorkIcon from '@mui/icons-material/Work';
import BusinessIcon from '@mui/icons-material/Business';
import PeopleIcon from '@mui/icons-material/People';
import GroupIcon from '@mui/icons-material/Group';
import LockIcon from '@mui/icons-material/Lock';
import KeyIcon from '@mui/icons-material/Key';
import NotificationsIcon from '@mui/icons-material/Notifications';
import MailIcon from '@mui/icons-material/Mail';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EventIcon from '@mui/icons-material/Event';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptIcon from '@mui/icons-material/Receipt';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import ScienceIcon from '@mui/icons-material/Science';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import VerifiedIcon from '@mui/icons-material/Verified';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import BugReportIcon from '@mui/icons-material/BugReport';
import TimelineIcon from '@mui/icons-material/Timeline';
import BarChartIcon from '@mui/icons-material/BarChart';
import PieChartIcon from '@mui/icons-material/PieChart';
import InsightsIcon from '@mui/icons-material/Insights';
import PrintIcon from '@mui/icons-material/Print';
import QrCodeIcon from '@mui/icons-material/QrCode';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import LabelIcon from '@mui/icons-material/Label';
import CategoryIcon from '@mui/icons-material/Category';
import WidgetsIcon from '@mui/icons-material/Widgets';
import ExtensionIcon from '@mui/icons-material/Extension';
import LanguageIcon from '@mui/icons-material/Language';
import MapIcon from '@mui/icons-material/Map';
import PlaceIcon from '@mui/icons-material/Place';
import PhoneIcon from '@mui/icons-material/Phone';
import ChatIcon from '@mui/icons-material/Chat';
import ForumIcon from '@mui/icons-material/Forum';
import HistoryIcon from '@mui/icons-material/History';
import BackupIcon from '@mui/icons-material/Backup';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import FileCopyIcon from '@mui/icons-material/FileCopy';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import NoteIcon from '@mui/icons-material/Note';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EngineeringIcon from '@mui/icons-material/Engineering';
import ConstructionIcon from '@mui/icons-material/Construction';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import HandymanIcon from '@mui/icons-material/Handyman';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SchoolIcon from '@mui/icons-material/School';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import StoreIcon from '@mui/icons-material/Store';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';

/**
 * The icons a menu may use, served with the portal's own bundle (nothing from other hosts). A menu's `source` holds
 * the snake_case name (Material Symbols naming); an unknown name renders nothing rather than a broken glyph.
 */
export const MENU_ICONS: Record<string, typeof SvgIcon> = {
  dashboard: DashboardIcon,
  error_outline: ErrorOutlineIcon,
  home: HomeIcon,
  settings: SettingsIcon,
  person: PersonIcon,
  account_tree: AccountTreeIcon,
  badge: BadgeIcon,
  menu_book: MenuBookIcon,
  library_books: LibraryBooksIcon,
  menu: MenuIcon,
  view_quilt: ViewQuiltIcon,
  tune: TuneIcon,
  apartment: ApartmentIcon,
  inventory: InventoryIcon,
  apps: AppsIcon,
  public: PublicIcon,
  security: SecurityIcon,
  groups: GroupsIcon,
  filter_alt: FilterAltIcon,
  api: ApiIcon,
  monitor_heart: MonitorHeartIcon,
  receipt_long: ReceiptLongIcon,
  article: ArticleIcon,
  http: HttpIcon,
  build: BuildIcon,
  code: CodeIcon,
  schema: SchemaIcon,
  storage: StorageIcon,
  folder: FolderIcon,
  cloud: CloudIcon,
  attach_file: AttachFileIcon,
  sms: SmsIcon,
  description: DescriptionIcon,
  assignment: AssignmentIcon,
  work: WorkIcon,
  business: BusinessIcon,
  people: PeopleIcon,
  group: GroupIcon,
  lock: LockIcon,
  key: KeyIcon,
  notifications: NotificationsIcon,
  mail: MailIcon,
  calendar_month: CalendarMonthIcon,
  event: EventIcon,
  payments: PaymentsIcon,
  receipt: ReceiptIcon,
  attach_money: AttachMoneyIcon,
  account_balance: AccountBalanceIcon,
  inventory_2: Inventory2Icon,
  local_shipping: LocalShippingIcon,
  science: ScienceIcon,
  fact_check: FactCheckIcon,
  verified: VerifiedIcon,
  task_alt: TaskAltIcon,
  bug_report: BugReportIcon,
  timeline: TimelineIcon,
  bar_chart: BarChartIcon,
  pie_chart: PieChartIcon,
  insights: InsightsIcon,
  print: PrintIcon,
  qr_code: QrCodeIcon,
  search: SearchIcon,
  star: StarIcon,
  bookmark: BookmarkIcon,
  label: LabelIcon,
  category: CategoryIcon,
  widgets: WidgetsIcon,
  extension: ExtensionIcon,
  language: LanguageIcon,
  map: MapIcon,
  place: PlaceIcon,
  phone: PhoneIcon,
  chat: ChatIcon,
  forum: ForumIcon,
  history: HistoryIcon,
  backup: BackupIcon,
  cloud_upload: CloudUploadIcon,
  cloud_download: CloudDownloadIcon,
  file_copy: FileCopyIcon,
  folder_open: FolderOpenIcon,
  note: NoteIcon,
  edit_note: EditNoteIcon,
  engineering: EngineeringIcon,
  construction: ConstructionIcon,
  precision_manufacturing: PrecisionManufacturingIcon,
  handyman: HandymanIcon,
  support_agent: SupportAgentIcon,
  school: SchoolIcon,
  local_offer: LocalOfferIcon,
  shopping_cart: ShoppingCartIcon,
  store: StoreIcon,
  account_circle: AccountCircleIcon,
  admin_panel_settings: AdminPanelSettingsIcon,
  manage_accounts: ManageAccountsIcon,
  supervisor_account: SupervisorAccountIcon,
};

export const MENU_ICON_NAMES = Object.keys(MENU_ICONS);
