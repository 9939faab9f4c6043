export { type CompiledContract, compileTestToken } from './compile';
export { DEV_DEPLOYER_KEY, DEV_HOT_WALLET_KEY, type DevChain, type DevChainOptions, erc20Abi, startDevChain } from './node';
export { startTronHttpApi, type TronHttpApi } from './tron-api';
