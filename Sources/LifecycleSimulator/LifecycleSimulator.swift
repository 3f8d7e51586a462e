// The LifecycleSimulator module.
