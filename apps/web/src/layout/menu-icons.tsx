import {
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  CloudOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FundOutlined,
  DesktopOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FormOutlined,
  HomeOutlined,
  KeyOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import type { ReactNode } from "react";

/** Menu icon names of the server tree → antd icons; unknown names fall back to a grid. */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  dashboard: <DashboardOutlined />,
  database: <DatabaseOutlined />,
  experiment: <ExperimentOutlined />,
  fund: <FundOutlined />,
  setting: <SettingOutlined />,
  settings: <SettingOutlined />,
  system: <SettingOutlined />,
  user: <UserOutlined />,
  team: <TeamOutlined />,
  peoples: <TeamOutlined />,
  school: <BankOutlined />,
  bank: <BankOutlined />,
  video: <VideoCameraOutlined />,
  videocamera: <VideoCameraOutlined />,
  folder: <FolderOpenOutlined />,
  folderopen: <FolderOpenOutlined />,
  barchart: <BarChartOutlined />,
  device: <DesktopOutlined />,
  desktop: <DesktopOutlined />,
  book: <BookOutlined />,
  resource: <ReadOutlined />,
  read: <ReadOutlined />,
  file: <FileTextOutlined />,
  form: <FormOutlined />,
  chart: <BarChartOutlined />,
  report: <BarChartOutlined />,
  lock: <SafetyCertificateOutlined />,
  permission: <SafetyCertificateOutlined />,
  safety: <SafetyCertificateOutlined />,
  key: <KeyOutlined />,
  cloud: <CloudOutlined />,
};

export function menuIcon(name: string, topLevel: boolean): ReactNode {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/-?outlined$/, "");
  return ICONS[key] ?? (topLevel ? <AppstoreOutlined /> : undefined);
}
