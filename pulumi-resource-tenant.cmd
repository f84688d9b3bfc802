@echo off
rem The native tenant provider plugin on Windows, where the Pulumi CLI looks for .exe or .cmd files.
node "%~dp0dist\plugin\main.js" %*
