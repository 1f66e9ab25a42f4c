export { FileImport, summary } from './components/FileImport';
