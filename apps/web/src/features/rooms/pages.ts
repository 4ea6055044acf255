/** The rooms feature's parts, loaded on demand: the room lobby and the Multiplayer Room dialog. */
export { MultiplayerDialog } from './components/MultiplayerDialog.tsx';
export { RoomLobby } from './components/RoomLobby.tsx';
